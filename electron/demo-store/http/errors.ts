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

/** Statuses Hono's own HTTPException may carry, mapped onto the shape (anything else is a 500). */
function statusOf(err: unknown): ApiErrorStatus | undefined {
  const status = (err as { status?: unknown } | null)?.status
  return typeof status === 'number' && status in API_ERROR_CODES ? (status as ApiErrorStatus) : undefined
}

/**
 * The response for any error thrown while answering: an ApiError as itself, an HTTPException
 * with its status and message, anything else as a 500 whose body says nothing about the cause
 * (the stack goes to the server's stderr, never to the client).
 */
export function errorResponse(err: unknown): Response {
  const status = statusOf(err)
  let apiError: ApiError
  if (err instanceof ApiError) {
    apiError = err
  } else if (status !== undefined && status !== 500) {
    apiError = new ApiError(status, (err as Error).message || API_ERROR_CODES[status])
  } else {
    console.error('demo store: unhandled error', err)
    apiError = new ApiError(500, 'The demo store hit an internal error.')
  }
  return Response.json(apiError.toBody(), { status: apiError.status, headers: apiError.headers })
}
