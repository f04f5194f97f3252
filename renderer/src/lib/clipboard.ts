// Copying text for the operator (addresses, recovery links): the async Clipboard API,
// which both shells allow from a user gesture.
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
