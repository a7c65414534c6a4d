//! The few Windows system calls the app needs that Rust's standard library does not give: the
//! computer's name, whether a process still runs, and what the system knows of an open file (its
//! other names and its identity). Each call is one small function, the only places in this crate
//! where `unsafe` is allowed, each with the reason it is sound.

use std::fs::File;
use std::os::windows::io::AsRawHandle as _;

use windows_sys::Win32::Foundation::{
    CloseHandle, ERROR_INVALID_PARAMETER, GetLastError, STILL_ACTIVE,
};
use windows_sys::Win32::Storage::FileSystem::{
    BY_HANDLE_FILE_INFORMATION, GetFileInformationByHandle,
};
use windows_sys::Win32::System::SystemInformation::{
    ComputerNamePhysicalDnsHostname, GetComputerNameExW,
};
use windows_sys::Win32::System::Threading::{
    GetExitCodeProcess, OpenProcess, PROCESS_QUERY_LIMITED_INFORMATION,
};

/// This computer's name as the system knows it (its DNS host name, what `hostname` prints), not
/// the `COMPUTERNAME` variable a user or a script can change. `None` when the system does not say.
#[allow(unsafe_code)]
pub(crate) fn computer_name() -> Option<String> {
    let mut buffer = vec![0_u16; 256];
    for _ in 0..2 {
        let mut size = u32::try_from(buffer.len()).ok()?;
        // SAFETY: `buffer` is a live, writable array of `size` UTF-16 units, and `size` points to
        // a local the call writes back (the length without the final zero, or the length needed).
        let ok = unsafe {
            GetComputerNameExW(
                ComputerNamePhysicalDnsHostname,
                buffer.as_mut_ptr(),
                &raw mut size,
            )
        };
        let size = usize::try_from(size).ok()?;
        if ok != 0 {
            let name = String::from_utf16_lossy(buffer.get(..size)?);
            let name = name.trim();
            return (!name.is_empty()).then(|| name.to_owned());
        }
        // Too small (a name longer than 255 units): once more with the size it asked for.
        if size <= buffer.len() {
            return None;
        }
        buffer = vec![0_u16; size + 1];
    }
    None
}

/// Whether process `pid` runs on this computer: `false` only when the system says there is no
/// such process or it has ended; a process of another user (not to be opened) counts as running.
#[allow(unsafe_code)]
pub(crate) fn process_alive(pid: u32) -> bool {
    // SAFETY: OpenProcess takes plain values and returns a handle or null; it reads no memory of
    // ours.
    let handle = unsafe { OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid) };
    if handle.is_null() {
        // SAFETY: GetLastError only reads this thread's last error code.
        let error = unsafe { GetLastError() };
        // No such process: "the parameter is incorrect". Anything else (access denied) means
        // there is one.
        return error != ERROR_INVALID_PARAMETER;
    }
    let mut code = 0_u32;
    // SAFETY: `handle` is the valid process handle just opened, `code` a local the call writes.
    let ok = unsafe { GetExitCodeProcess(handle, &raw mut code) };
    // SAFETY: `handle` was opened above and is closed once, here.
    unsafe { CloseHandle(handle) };
    // An ended process keeps its exit code while someone holds a handle to it.
    ok == 0 || i32::try_from(code).is_ok_and(|c| c == STILL_ACTIVE)
}

/// What the system says of an open file: (its volume and file index, which name it together; how
/// many names it has). `None` when the file system does not say.
#[allow(unsafe_code)]
pub(crate) fn file_info(file: &File) -> Option<((u64, u64), u32)> {
    // SAFETY: a zeroed BY_HANDLE_FILE_INFORMATION (plain integers) is a valid value to fill.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: the handle is `file`'s, open for the whole call; `info` is a local the call fills.
    let ok = unsafe { GetFileInformationByHandle(file.as_raw_handle(), &raw mut info) };
    if ok == 0 {
        return None;
    }
    let index = (u64::from(info.nFileIndexHigh) << 32) | u64::from(info.nFileIndexLow);
    Some((
        (u64::from(info.dwVolumeSerialNumber), index),
        info.nNumberOfLinks,
    ))
}
