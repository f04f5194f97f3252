// papaparse's API as the renderer uses it: CSV text parsed and written, same names and shapes as
// @types/papaparse. Those types reference Node's (`/// <reference types="node" />`, for the
// stream API), which would put `process`, `Buffer` and `require` in the renderer's type scope;
// tsconfig.renderer.json maps 'papaparse' to this file instead. The package itself is unchanged.
export interface ParseError {
  type: 'Quotes' | 'Delimiter' | 'FieldMismatch'
  code: 'MissingQuotes' | 'UndetectableDelimiter' | 'TooFewFields' | 'TooManyFields' | 'InvalidQuotes'
  message: string
  row?: number
  index?: number
}

export interface ParseMeta {
  delimiter: string
  linebreak: string
  aborted: boolean
  truncated: boolean
  cursor: number
  fields?: string[]
}

export interface ParseResult<T> {
  data: T[]
  errors: ParseError[]
  meta: ParseMeta
}

export interface ParseConfig {
  delimiter?: string
  newline?: string
  header?: boolean
  skipEmptyLines?: boolean | 'greedy'
}

export function parse<T>(input: string, config?: ParseConfig): ParseResult<T>

export interface UnparseConfig {
  delimiter?: string
  newline?: string
  header?: boolean
  escapeFormulae?: boolean | RegExp
}

export function unparse(data: unknown[] | { fields: string[]; data: unknown[] }, config?: UnparseConfig): string
