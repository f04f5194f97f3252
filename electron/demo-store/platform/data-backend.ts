// The one place the platform binds to the data model and API routes built under data/ and api/.
import type { DataBackend } from '../app'
import { createApiRoutes, createDataControlRoutes } from '../api/routes'
import { DemoData } from '../data/demo-data'

export const demoDataBackend: DataBackend<DemoData> = {
  generate: (opts) => DemoData.generate(opts),
  fromJSON: (json) => DemoData.fromJSON(json),
  utcOffsetMinutes: (data) => data.clock.utcOffsetMinutes,
  apiRoutes: (data, hooks) => createApiRoutes(data, hooks),
  controlRoutes: (data, hooks) => createDataControlRoutes(data, hooks),
}
