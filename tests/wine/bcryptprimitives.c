/* Test scaffolding for running the Windows build under Wine 8 (Debian 12); never shipped.
 *
 * Rust's standard library (since 1.78) imports ProcessPrng from bcryptprimitives.dll, which every
 * Windows 10 and later has and Wine 8 lacks, so a Rust .exe does not load under Wine 8. This
 * stand-in exports ProcessPrng and fills the buffer from the system's random source
 * (BCryptGenRandom with the system-preferred generator), as the real function does.
 *
 * Built by .ci/wine-setup with mingw-w64:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c bcryptprimitives.def -lbcrypt
 */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
