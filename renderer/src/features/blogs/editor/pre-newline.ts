// The HTML parser drops a newline right after `<pre>`, and serialisers no longer write an extra
// one (nor consistently: happy-dom drops a lone newline text), so code that starts with an empty
// line would lose it at each save. Each `<pre>` is checked by writing and reading it back.

/** Written the way saving writes it (a template's innerHTML) and read back. */
function textAfterReparse(pre: Element): string {
  const writer = document.createElement('template')
  writer.content.append(pre.cloneNode(true))
  const reader = document.createElement('template')
  reader.innerHTML = writer.innerHTML
  return reader.content.firstElementChild?.textContent ?? ''
}

/** Makes `pre` serialise to HTML that parses back to its current text. */
export function keepLeadingNewline(pre: Element): void {
  const text = pre.textContent ?? ''
  if (!text.startsWith('\n') || textAfterReparse(pre) === text) return
  if (pre.firstChild?.nodeType === 3) pre.firstChild.textContent = `\n${pre.firstChild.textContent ?? ''}`
  else pre.prepend('\n')
}
