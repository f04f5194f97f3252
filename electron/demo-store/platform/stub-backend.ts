// A tiny stand-in for the data model and API routes, so the platform's tests (OAuth, access
// control, errors, rate limit, faults, persistence) exercise only the platform. Its routes are
// real entries of the operations table; one of them throws to prove a crash becomes a clean 500.
import { Hono } from 'hono'
import type { DataBackend } from '../app'
import { readJsonBody } from '../http/body'
import type { DemoEnv } from '../http/env'
import { ApiError } from '../http/errors'

export class StubData {
  constructor(
    readonly seed: number,
    public titles: string[],
  ) {}

  toJSON(): unknown {
    return { seed: this.seed, titles: this.titles }
  }
}

export const stubBackend: DataBackend<StubData> = {
  generate: ({ seed }) => new StubData(seed, [`seeded post ${seed}`]),
  fromJSON: (json) => {
    const value = json as { seed?: unknown; titles?: unknown }
    if (typeof value?.seed !== 'number' || !Array.isArray(value.titles)) throw new Error('not stub data')
    return new StubData(value.seed, value.titles as string[])
  },
  apiRoutes: (data, hooks) => {
    const api = new Hono<DemoEnv>()
    api.get('/openapi/2021-08/blogs', (c) => c.json({ data: data.titles.map((title, i) => ({ id: i + 1, title })) }))
    api.post('/openapi/2021-08/blogs', async (c) => {
      const body = (await readJsonBody(c)) as { title?: unknown }
      if (typeof body?.title !== 'string') throw new ApiError(422, 'Some fields are missing or invalid.', { title: ['Required'] })
      data.titles.push(body.title)
      hooks.onChange()
      return c.json({ data: { id: data.titles.length, title: body.title, created_at: hooks.now().toISOString() } })
    })
    api.get('/openapi/2025-04/orders/:id', (c) => c.json({ data: { ID: Number(c.req.param('id')), scopes: c.get('grant').scopes } }))
    api.get('/openapi/2021-08/meta_fields', () => {
      throw new Error('stub crash with a secret detail')
    })
    return api
  },
  utcOffsetMinutes: () => undefined,
  controlRoutes: () => new Hono().get('/emails', (c) => c.json({ data: [] })),
}
