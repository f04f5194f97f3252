// Build-time settings electron-vite bakes into the main process (MAIN_VITE_* variables).
interface ImportMetaEnv {
  /** The auto-update feed; unset leaves auto-update off (electron/main/auto-update.ts). */
  readonly MAIN_VITE_STOREDESK_UPDATE_FEED_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
