// File names the app makes for the user's disk (exports). Windows reserves the names of its
// devices: CON, PRN, AUX, NUL, COM0-9, LPT0-9 (and their superscript forms), CONIN$, CONOUT$,
// in any case and with any extension, so `con.html` or `Nul.tar.gz` opens a device, not a file,
// and cannot be written or opened there. A name ending in spaces before its extension counts too
// (`aux .html`): Windows drops them.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i

/** True when Windows would take `name` for one of its devices. */
export function isWindowsDeviceName(name: string): boolean {
  const stem = name.split('.')[0]!.replace(/[ ]+$/, '')
  return WINDOWS_DEVICE.test(stem)
}

/**
 * A plain file name: no folder separators, no `.`/`..`, none of the characters Windows refuses,
 * no control characters, no trailing dot or space, no Windows device name. Export files are
 * named by the renderer and written by the main process, which must never be steered outside
 * the folder it made, nor to a device.
 */
export function isPlainFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 120 && !/[/\\<>:"|?*\u0000-\u001f]/.test(name) && name !== '.' && name !== '..' && !/[. ]$/.test(name) && !isWindowsDeviceName(name)
}
