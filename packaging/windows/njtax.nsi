; The Windows installer of NJ Income Tax (NSIS 3). Built on Linux or Windows by
; packaging/windows/build-installer.sh, which passes the defines checked below.
;
; Per user: installs into %LOCALAPPDATA%\Programs\njtax, writes only the user's own registry
; (HKCU) and Start menu, and never asks for an administrator. 64-bit (x86-64) Windows 10 or later.
; The uninstaller removes exactly the files and registry entries listed here: never drafts,
; settings, recovery copies or anything else a user saved, even inside the program folder.
; docs/decisions/windows-installer.md says why.

!ifndef VERSION
  !error "define VERSION (the package's version, e.g. 0.1.0)"
!endif
!ifndef VERSION_NUMBERS
  !error "define VERSION_NUMBERS (four numbers, e.g. 0.1.0.0)"
!endif
!ifndef ROOT
  !error "define ROOT (the repository's folder)"
!endif
!ifndef EXE_DIR
  !error "define EXE_DIR (the folder holding njtax-app.exe and njtax.exe)"
!endif
!ifndef COMPRESSOR
  !define COMPRESSOR "/SOLID lzma"
!endif
!ifndef OUT_FILE
  !error "define OUT_FILE (the installer to write)"
!endif

Unicode true
; A 64-bit installer for 64-bit programs (Debian's nsis has the amd64 stubs): it runs where the
; programs run, and under 64-bit Wine alone.
Target amd64-unicode
SetCompressor ${COMPRESSOR}
RequestExecutionLevel user
ManifestDPIAware true

!define APP_NAME "NJ Income Tax"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\org.njtax.njtax"
!define PROGID "org.njtax.draft"
!define APP_KEY "Software\Classes\Applications\njtax-app.exe"
!define SHORTCUT "$SMPROGRAMS\${APP_NAME}.lnk"
; SHChangeNotify(SHCNE_ASSOCCHANGED, SHCNF_IDLIST): Explorer reloads file types and icons.
!define NOTIFY_ASSOC "shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)"

Name "${APP_NAME}"
OutFile "${OUT_FILE}"
InstallDir "$LOCALAPPDATA\Programs\njtax"
; A reinstall or update goes where the last one went.
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"
; A file that cannot be written (the app still open) stops the install: no half-updated program.
AllowSkipFiles off

VIProductVersion "${VERSION_NUMBERS}"
VIFileVersion "${VERSION_NUMBERS}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey /LANG=1033 "CompanyName" "njtax contributors"
VIAddVersionKey /LANG=1033 "LegalCopyright" "njtax contributors, MIT OR Apache-2.0"

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "WinVer.nsh"
!include "FileFunc.nsh"

!define MUI_ICON "${ROOT}/assets/njtax.ico"
!define MUI_UNICON "${ROOT}/assets/njtax.ico"
!define MUI_ABORTWARNING
!define MUI_WELCOMEPAGE_TEXT "This installs ${APP_NAME} ${VERSION} for you only, in your own user folder: no administrator is needed.$\r$\n$\r$\nThe app works offline. Your drafts stay wherever you save them; uninstalling never removes them."
!define MUI_FINISHPAGE_RUN "$INSTDIR\njtax-app.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!define MUI_UNCONFIRMPAGE_TEXT_TOP "This removes the ${APP_NAME} program. Your drafts, settings and recovery copies are kept."
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  ; Rust 1.95's standard library needs Windows 10.
  ${IfNot} ${AtLeastWin10}
    MessageBox MB_OK|MB_ICONSTOP "${APP_NAME} needs Windows 10 or later." /SD IDOK
    Abort
  ${EndIf}
FunctionEnd

Section "${APP_NAME}" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "/oname=njtax-app.exe" "${EXE_DIR}/njtax-app.exe"
  File "/oname=njtax.exe" "${EXE_DIR}/njtax.exe"
  ; Markdown, readable as plain text: .txt so that a double click opens it.
  File "/oname=README.txt" "${ROOT}/README.md"
  File "/oname=LICENSE-MIT.txt" "${ROOT}/LICENSE-MIT"
  File "/oname=LICENSE-APACHE.txt" "${ROOT}/LICENSE-APACHE"
  ; The PDF's fonts are built into the programs; their licence travels with them.
  File "/oname=DejaVu-fonts-LICENSE.txt" "${ROOT}/assets/fonts/DejaVu-LICENSE.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortCut "${SHORTCUT}" "$INSTDIR\njtax-app.exe" "" "$INSTDIR\njtax-app.exe" 0 \
    SW_SHOWNORMAL "" "Prepare a New Jersey income tax return"

  ; Apps & features (Settings) and Programs and Features list it here, for this user.
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "njtax contributors"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\njtax-app.exe,0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" $0

  ; The drafts' file type: a ProgID of its own, offered for .ron files under "Open with" (and in
  ; "How do you want to open this file?") without becoming the default for every .ron file.
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "NJ Income Tax draft"
  WriteRegStr HKCU "Software\Classes\${PROGID}" "FriendlyTypeName" "NJ Income Tax draft"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\njtax-app.exe,0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\njtax-app.exe" "%1"'
  WriteRegNone HKCU "Software\Classes\.ron\OpenWithProgids" "${PROGID}"
  ; The app's own name and the types it opens, for "Choose another app".
  WriteRegStr HKCU "${APP_KEY}" "FriendlyAppName" "${APP_NAME}"
  WriteRegStr HKCU "${APP_KEY}\SupportedTypes" ".ron" ""
  WriteRegStr HKCU "${APP_KEY}\shell\open\command" "" '"$INSTDIR\njtax-app.exe" "%1"'
  System::Call "${NOTIFY_ASSOC}"
SectionEnd

; Ends the uninstaller (exit code 2), with nothing removed, when FILE is a program still running.
!macro StopIfRunning FILE
  ${If} ${FileExists} "${FILE}"
    ClearErrors
    FileOpen $0 "${FILE}" a
    ${If} ${Errors}
      MessageBox MB_OK|MB_ICONEXCLAMATION "${APP_NAME} is still open. Close every ${APP_NAME} window and command, then run the uninstaller again." /SD IDOK
      SetErrorLevel 2
      Quit
    ${EndIf}
    FileClose $0
  ${EndIf}
!macroend

Section "Uninstall"
  ; A program that is still running cannot be removed: checked before anything is removed (a
  ; running program cannot be opened for writing), so that the uninstaller stops with everything
  ; in place and can simply be run again once the app is closed.
  !insertmacro StopIfRunning "$INSTDIR\njtax-app.exe"
  !insertmacro StopIfRunning "$INSTDIR\njtax.exe"
  Delete "$INSTDIR\njtax-app.exe"
  Delete "$INSTDIR\njtax.exe"
  ${If} ${FileExists} "$INSTDIR\njtax-app.exe"
  ${OrIf} ${FileExists} "$INSTDIR\njtax.exe"
    MessageBox MB_OK|MB_ICONEXCLAMATION "${APP_NAME} could not be removed: a program file is in use. Close every ${APP_NAME} window and command, then run the uninstaller again." /SD IDOK
    Abort "A program file is in use: nothing else was removed."
  ${EndIf}
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\LICENSE-MIT.txt"
  Delete "$INSTDIR\LICENSE-APACHE.txt"
  Delete "$INSTDIR\DejaVu-fonts-LICENSE.txt"
  Delete "$INSTDIR\uninstall.exe"
  ; Only when empty: a draft or anything else saved in the program folder keeps it.
  RMDir "$INSTDIR"

  ; The shortcut and registry entries only when they are this installation's: an old copy of the
  ; uninstaller never unregisters a newer installation elsewhere.
  ReadRegStr $0 HKCU "${UNINST_KEY}" "InstallLocation"
  ${If} $0 == "$INSTDIR"
  ${OrIf} $0 == ""
    DeleteRegKey HKCU "${UNINST_KEY}"
    Delete "${SHORTCUT}"
  ${EndIf}
  ReadRegStr $0 HKCU "Software\Classes\${PROGID}\shell\open\command" ""
  ${If} $0 == '"$INSTDIR\njtax-app.exe" "%1"'
    DeleteRegKey HKCU "Software\Classes\${PROGID}"
    ; Only this app's entry: .ron's other programs and its default stay as the user set them.
    DeleteRegValue HKCU "Software\Classes\.ron\OpenWithProgids" "${PROGID}"
    ; Each key only when nothing else is left in it (no subkey, no value).
    DeleteRegKey /ifempty /ifnovalues HKCU "Software\Classes\.ron\OpenWithProgids"
    DeleteRegKey /ifempty /ifnovalues HKCU "Software\Classes\.ron"
  ${EndIf}
  ReadRegStr $0 HKCU "${APP_KEY}\shell\open\command" ""
  ${If} $0 == '"$INSTDIR\njtax-app.exe" "%1"'
    DeleteRegKey HKCU "${APP_KEY}"
  ${EndIf}
  System::Call "${NOTIFY_ASSOC}"
SectionEnd
