// The app's languages: catalogs (en is the source; de, zh-CN typed to match, each loaded when
// chosen), and the words every screen reads through `t`.
export * from './i18n'
export type { Catalog, Message, MessageKey, MessageParams } from './catalog'
export { flatten } from './catalog'
