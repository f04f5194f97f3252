; Storedesk's additions to electron-builder's NSIS installer: the storedesk:// scheme in the
; registry, so an OAuth redirect reaches the app even before its first start (the app also
; registers itself at start). SHCTX follows the install: the user's hive for a per-user
; install, the machine's for a per-machine one. Removed again on uninstall.
!macro customInstall
  WriteRegStr SHCTX "Software\Classes\storedesk" "" "URL:Storedesk link"
  WriteRegStr SHCTX "Software\Classes\storedesk" "URL Protocol" ""
  WriteRegStr SHCTX "Software\Classes\storedesk\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr SHCTX "Software\Classes\storedesk\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "Software\Classes\storedesk"
!macroend
