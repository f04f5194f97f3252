// Naive UI's own words and date language, by the app's language: its pickers' buttons and empty
// lists (App.vue's config provider), and the forms its date pickers read and write ("PM",
// "27.11.2026"), which a field's own words quote as an example of what to type.
import { dateDeDE, dateEnUS, dateZhCN, deDE, enUS, zhCN, type NDateLocale, type NLocale } from 'naive-ui'
import type { UiLocale } from '@/session/i18n'

/**
 * Naive UI's words minus its default placeholders ("Please Input", "Please Select"): a field
 * says what to type in its own placeholder, or shows none.
 */
const withoutPlaceholders = (base: NLocale): NLocale => ({ ...base, Input: { ...base.Input, placeholder: '' }, InputNumber: { ...base.InputNumber, placeholder: '' }, Select: { ...base.Select, placeholder: '' } })

export const NAIVE_LOCALES: Record<UiLocale, NLocale> = {
  en: withoutPlaceholders(enUS),
  'en-XA': withoutPlaceholders(enUS),
  de: withoutPlaceholders(deDE),
  'zh-CN': withoutPlaceholders(zhCN),
}

export const NAIVE_DATE_LOCALES: Record<UiLocale, NDateLocale> = { en: dateEnUS, 'en-XA': dateEnUS, de: dateDeDE, 'zh-CN': dateZhCN }
