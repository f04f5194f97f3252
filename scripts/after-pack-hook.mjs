// The afterPack hook electron-builder loads (electron-builder.yml): plain JavaScript, which
// electron-builder can import on any Node, handing over to scripts/after-pack.ts via tsx.
import { tsImport } from 'tsx/esm/api'

export default async function afterPack(context) {
  const { afterPack: run } = await tsImport('./after-pack.ts', import.meta.url)
  await run(context)
}
