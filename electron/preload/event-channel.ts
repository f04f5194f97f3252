// The one ipc channel on which the main process pushes contract events to the page, as
// (eventName, payload). Shared by the preload and the Electron main; no Electron import.
export const EVENT_CHANNEL = 'storedesk:event'
