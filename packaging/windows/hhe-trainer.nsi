; The Windows installer of the Heads Up Hold'em Dealer Trainer (NSIS 3).
;
; Built on Linux by makensis (Debian's nsis), through make_installer.sh:
;   makensis -DVERSION=0.1.0 -DVERSION4=0.1.0.0 -DBUNDLE=<bundle folder> -DROOT=<checkout>
;            -DOUTFILE=dist/hhe-trainer-0.1.0-setup.exe [-DSIGN=packaging/windows/sign.sh]
;            packaging/windows/hhe-trainer.nsi
;
; What it does on a station (64-bit Windows 10 or 11, run as an administrator):
; - the PyInstaller bundle into "C:\Program Files\HHE Trainer" (per machine,
;   read-only for users); an upgrade goes into the folder of the installed
;   version and first removes that version's program files, so nothing of it
;   lingers beside the new one;
; - a Start-menu folder "HHE Trainer" (the trainer; "Check this installation"),
;   and a desktop shortcut for every user when chosen (/DESKTOP when silent);
; - the training room's site file as %PROGRAMDATA%\HHE Trainer\site.toml:
;   /SITE=<path or \\server\share\file> copies that file there (replacing the
;   one in place); without /SITE an existing site.toml is left alone, and a
;   commented one that fixes nothing is placed when there is none. The site
;   file in force is then checked with the installed `hhe-trainer-cli site check`;
; - "Heads Up Hold'em Dealer Trainer" in Apps & features, with its uninstaller.
; Never touched, by an install, an upgrade or the uninstaller: every user's
; data folder (%APPDATA%\hhe-trainer) and, on uninstall, the site file.
;
; Exit codes (silent /S too): 0 installed; 2 not installed (not 64-bit
; Windows, or /SITE names no file or one that cannot be read: the message
; says which); 3 installed, but the site file in force is not usable (the
; trainer starts on its defaults until it is mended: `hhe-trainer-cli site
; check` says where and why); 4 nothing changed, the trainer is open on the PC
; (an upgrade or uninstall must wait until it is closed).

; A 64-bit installer: the trainer is 64-bit only, and Debian's wine64 (no i386
; multiarch) runs 64-bit programs only, so a 32-bit setup could not be tested here.
Target amd64-unicode
ManifestDPIAware true
ManifestSupportedOS Win10
SetCompressor /SOLID lzma
RequestExecutionLevel admin

!include MUI2.nsh
!include x64.nsh
!include LogicLib.nsh
!include FileFunc.nsh
!include WordFunc.nsh

!ifndef VERSION | VERSION4 | BUNDLE | ROOT | OUTFILE
  !error "define VERSION, VERSION4, BUNDLE, ROOT and OUTFILE (see make_installer.sh)"
!endif

!define APPNAME "Heads Up Hold'em Dealer Trainer"
!define FOLDER "HHE Trainer"
!define PUBLISHER "hhe-trainer"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\HHE Trainer"
!define EXIT_NOT_INSTALLED 2
!define EXIT_SITE_NOT_USABLE 3
!define EXIT_TRAINER_RUNNING 4

; A running program's file cannot be opened for writing on Windows: so this
; finds a trainer still open on the PC (any user's) before anything is changed.
!macro RefuseWhileRunning what
  ${If} ${FileExists} "$INSTDIR\hhe-trainer.exe"
    ClearErrors
    FileOpen $R4 "$INSTDIR\hhe-trainer.exe" a
    ${If} ${Errors}
      MessageBox MB_ICONSTOP "The trainer is open on this PC. Close it (for every user signed in), then run the ${what} again. Nothing was changed." /SD IDOK
      SetErrorLevel ${EXIT_TRAINER_RUNNING}
      Quit
    ${EndIf}
    FileClose $R4
  ${EndIf}
!macroend

Name "${APPNAME}"
Caption "${APPNAME} ${VERSION} Setup"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${FOLDER}"
BrandingText "${APPNAME} ${VERSION}"
ShowInstDetails show
ShowUninstDetails show

!ifdef SIGN
  ; Signed inside makensis: the uninstaller before it is packed, then the installer.
  !uninstfinalize '"${SIGN}" "%1"'
  !finalize '"${SIGN}" "%1"'
!endif

!define MUI_ICON "${ROOT}/assets/icons/hhe-trainer.ico"
!define MUI_UNICON "${ROOT}/assets/icons/hhe-trainer.ico"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_TEXT "${APPNAME} ${VERSION} is installed.$\r$\n$\r$\nStart it from the Start menu (HHE Trainer). Each user's progress is kept in their own data folder."
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; File version information of the setup (the executables carry their own).
VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APPNAME}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APPNAME} Setup"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "${PUBLISHER}"

Var SiteFile

Section "${APPNAME}" SecProgram
  SectionIn RO
  ; The installed version's program files go first (upgrade). Only what this
  ; installer puts there is removed: the folder may be one IT chose.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\hhe-trainer.exe"
  Delete "$INSTDIR\hhe-trainer-cli.exe"
  Delete "$INSTDIR\site.toml.example"
  Delete "$INSTDIR\installing.md"

  SetOutPath "$INSTDIR"
  File /r "${BUNDLE}/*"
  File "${ROOT}/packaging/site.toml.example"
  File "${ROOT}/docs/installing.md"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; The training room's site file.
  CreateDirectory "$APPDATA\${FOLDER}"
  ${If} $SiteFile != ""
    ClearErrors
    CopyFiles /SILENT /FILESONLY "$SiteFile" "$APPDATA\${FOLDER}\site.toml"
    ${If} ${Errors}
      MessageBox MB_ICONSTOP "The site file could not be copied from$\r$\n$SiteFile$\r$\nto $APPDATA\${FOLDER}\site.toml." /SD IDOK
      SetErrorLevel ${EXIT_NOT_INSTALLED}
      Abort
    ${EndIf}
    DetailPrint "Site file: $SiteFile copied to $APPDATA\${FOLDER}\site.toml"
  ${ElseIfNot} ${FileExists} "$APPDATA\${FOLDER}\site.toml"
    SetOutPath "$APPDATA\${FOLDER}"
    File "/oname=site.toml" "${ROOT}/packaging/site.toml.example"
    SetOutPath "$INSTDIR"
  ${EndIf}

  ; Start menu, for every user.
  CreateDirectory "$SMPROGRAMS\${FOLDER}"
  CreateShortcut "$SMPROGRAMS\${FOLDER}\${APPNAME}.lnk" "$INSTDIR\hhe-trainer.exe" "" \
      "$INSTDIR\hhe-trainer.exe" 0 SW_SHOWNORMAL "" "Deal practice rounds and settle them"
  CreateShortcut "$SMPROGRAMS\${FOLDER}\Check this installation.lnk" "$SYSDIR\cmd.exe" \
      '/k ""$INSTDIR\hhe-trainer-cli.exe" --self-check"' "$INSTDIR\hhe-trainer.exe" 0

  ; Apps & features.
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${APPNAME}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\hhe-trainer.exe,0"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" $0

  ; The site file in force, checked by the program just installed.
  nsExec::ExecToLog '"$INSTDIR\hhe-trainer-cli.exe" site check'
  Pop $0
  ${If} $0 != 0
    MessageBox MB_ICONEXCLAMATION "The trainer is installed, but the training room's site file is not usable: the trainer starts on its defaults until it is mended. The details above say why; check it again with$\r$\n$\"$INSTDIR\hhe-trainer-cli.exe$\" site check" /SD IDOK
    SetErrorLevel ${EXIT_SITE_NOT_USABLE}
  ${EndIf}
SectionEnd

Section /o "Desktop shortcut (all users)" SecDesktop
  CreateShortcut "$DESKTOP\${APPNAME}.lnk" "$INSTDIR\hhe-trainer.exe" "" "$INSTDIR\hhe-trainer.exe" 0
SectionEnd

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APPNAME} needs 64-bit Windows 10 or 11." /SD IDOK
    SetErrorLevel ${EXIT_NOT_INSTALLED}
    Quit
  ${EndIf}
  SetRegView 64
  SetShellVarContext all
  ${GetParameters} $R0
  ; /SITE=<file>, /SITE="<file with spaces>" (as typed in cmd), or
  ; "/SITE=<file with spaces>" (as PowerShell and Wine's start quote it).
  StrCpy $SiteFile ""
  StrCpy $R3 ""
  ClearErrors
  ${GetOptions} $R0 "/SITE=" $SiteFile
  ${IfNot} ${Errors}
    StrCpy $R3 "given"
  ${Else}
    ClearErrors
    ${WordFind} $R0 '"/SITE=' "E+1}" $R2
    ${IfNot} ${Errors}
      ${WordFind} $R2 '"' "E+1{" $SiteFile
      ${If} ${Errors}
        StrCpy $SiteFile $R2
      ${EndIf}
      StrCpy $R3 "given"
    ${EndIf}
  ${EndIf}
  ${If} $R3 == "given"
  ${AndIf} $SiteFile == ""
    MessageBox MB_ICONSTOP "/SITE= names no file. Nothing was installed." /SD IDOK
    SetErrorLevel ${EXIT_NOT_INSTALLED}
    Quit
  ${EndIf}
  ${If} $SiteFile != ""
  ${AndIfNot} ${FileExists} $SiteFile
    MessageBox MB_ICONSTOP "The site file given with /SITE cannot be read:$\r$\n$SiteFile$\r$\n$\r$\nNothing was installed." /SD IDOK
    SetErrorLevel ${EXIT_NOT_INSTALLED}
    Quit
  ${EndIf}
  ClearErrors
  ${GetOptions} $R0 "/DESKTOP" $R1
  ${IfNot} ${Errors}
    SectionSetFlags ${SecDesktop} ${SF_SELECTED}
  ${EndIf}
  ; An upgrade goes where the installed version is.
  ReadRegStr $R2 HKLM "${UNINSTALL_KEY}" "InstallLocation"
  ${If} $R2 != ""
    StrCpy $INSTDIR $R2
  ${EndIf}
  !insertmacro RefuseWhileRunning "setup"
FunctionEnd

Function un.onInit
  SetRegView 64
  SetShellVarContext all
  !insertmacro RefuseWhileRunning "uninstaller"
FunctionEnd

Section "Uninstall"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\hhe-trainer.exe"
  Delete "$INSTDIR\hhe-trainer-cli.exe"
  Delete "$INSTDIR\site.toml.example"
  Delete "$INSTDIR\installing.md"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${FOLDER}\${APPNAME}.lnk"
  Delete "$SMPROGRAMS\${FOLDER}\Check this installation.lnk"
  RMDir "$SMPROGRAMS\${FOLDER}"
  Delete "$DESKTOP\${APPNAME}.lnk"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  ; Kept: the room's site file (%PROGRAMDATA%\HHE Trainer) and every user's data.
SectionEnd
