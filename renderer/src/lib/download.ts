// Handing a file to the user as a download (the browser's or Electron's save flow): a Blob under
// a file name, its object URL let go once the download has had time to start.
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
