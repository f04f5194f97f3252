// Desktop notifications from the main process: only while the app's window is not focused
// (in the window the app shows its own), and only where the system supports them. The
// renderer asks over `app.notify`; the words are plain text, and may hold the store's (a post's
// title, the store's refusal).
export interface NotifyDeps {
  platform: NodeJS.Platform
  isSupported(): boolean
  windowFocused(): boolean
  show(options: { title: string; body: string; silent: boolean }): void
}

/**
 * On Linux the body goes to the notification server as markup (the freedesktop notification
 * spec's body-markup: <b>, <i>, <a href>, <img>), so text from the store could draw a link in a
 * real system notification. Escaping & < > makes the server show the characters themselves.
 * The title (the spec's summary) is plain text on every server; escaping it would show the
 * entities.
 */
const escapeMarkup = (text: string) => text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))

export function createDesktopNotifier(deps: NotifyDeps): (title: string, body: string) => boolean {
  return (title, body) => {
    if (deps.windowFocused() || !deps.isSupported()) return false
    deps.show({ title, body: deps.platform === 'linux' ? escapeMarkup(body) : body, silent: false })
    return true
  }
}
