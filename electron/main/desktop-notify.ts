// Desktop notifications from the main process: only while the app's window is not focused
// (in the window the app shows its own), and only where the system supports them. The
// renderer asks over `app.notify`; the words are the app's own (title and body, plain text).
export interface NotifyDeps {
  isSupported(): boolean
  windowFocused(): boolean
  show(options: { title: string; body: string; silent: boolean }): void
}

export function createDesktopNotifier(deps: NotifyDeps): (title: string, body: string) => boolean {
  return (title, body) => {
    if (deps.windowFocused() || !deps.isSupported()) return false
    deps.show({ title, body, silent: false })
    return true
  }
}
