; Inno Setup 6 script: the Windows installer of the Heads Up Hold'em Dealer Trainer.
;
; Built on a Windows build machine after the PyInstaller bundle (see BUILD.md):
;   ISCC.exe /DAppVersion=0.1.0 packaging\windows\hhe-trainer.iss
; gives dist\hhe-trainer-0.1.0-setup.exe.
;
; Installs the bundle in "C:\Program Files\HHE Trainer" (read-only for users),
; Start-menu (and optionally desktop) shortcuts, and the training room's site
; file as %PROGRAMDATA%\HHE Trainer\site.toml: the commented example, unless
; IT passes its own with /SITE=path (e.g. from a share in a silent install:
;   hhe-trainer-0.1.0-setup.exe /VERYSILENT /SITE=\\server\it\hhe\site.toml ).
; An existing site.toml is never overwritten by an upgrade, and uninstalling
; leaves it and every user's data (%APPDATA%\hhe-trainer) in place.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppName "Heads Up Hold'em Dealer Trainer"
#define Root "..\.."

[Setup]
AppId={{6E0F7C52-9B1D-4D8B-A7C4-2F3B1D6C9E41}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=hhe-trainer
DefaultDirName={autopf}\HHE Trainer
DefaultGroupName=HHE Trainer
DisableProgramGroupPage=yes
PrivilegesRequired=admin
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#Root}\dist
OutputBaseFilename=hhe-trainer-{#AppVersion}-setup
SetupIconFile={#Root}\assets\icons\hhe-trainer.ico
UninstallDisplayIcon={app}\hhe-trainer.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Dirs]
Name: "{commonappdata}\HHE Trainer"

[Files]
Source: "{#Root}\dist\hhe-trainer\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
; The site file: IT's own (/SITE=...) when given, else the commented example; never replaced.
Source: "{param:SITE}"; DestDir: "{commonappdata}\HHE Trainer"; DestName: "site.toml"; \
    Flags: external skipifsourcedoesntexist onlyifdoesntexist uninsneveruninstall; Check: SiteGiven
Source: "{#Root}\packaging\site.toml.example"; DestDir: "{commonappdata}\HHE Trainer"; \
    DestName: "site.toml"; Flags: onlyifdoesntexist uninsneveruninstall; Check: not SiteGiven
Source: "{#Root}\packaging\site.toml.example"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#Root}\docs\installing.md"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\hhe-trainer.exe"
Name: "{group}\Check this installation"; Filename: "{cmd}"; \
    Parameters: "/k ""{app}\hhe-trainer-cli.exe"" --self-check"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\hhe-trainer.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\hhe-trainer.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; \
    Flags: nowait postinstall skipifsilent

[Code]
function SiteGiven: Boolean;
begin
  Result := ExpandConstant('{param:SITE}') <> '';
end;
