// The demo store's single error shape (documented in docs/demo-store.md):
//   { "error": { "status": 422, "code": "validation_failed", "message": "...", "fields": { "title": ["..."] } } }
// Route handlers throw ApiError; one onError handler renders it.
export const API_ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
} as const

export type ApiErrorStatus = keyof typeof API_ERROR_CODES

export interface ApiErrorBody {
  error: {
    status: ApiErrorStatus
    code: (typeof API_ERROR_CODES)[ApiErrorStatus]
    message: string
    fields?: Record<string, string[]>
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        status: this.status,
        code: API_ERROR_CODES[this.status],
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    }
  }
}
