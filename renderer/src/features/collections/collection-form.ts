// The collection form's fields, checked with the store's limits (docs/demo-store.md) before
// anything is queued, and turned into the body the store takes: every field on create, only
// the changed ones on update (so an edit never overwrites a field someone else changed).
// Problems are Messages (the schema's messages are catalog keys), said in the screen's language.
import { z } from 'zod'
import { COLLECTION_SORT_TYPES } from '@common/store-api/operations'
import type { CachedCollection, CollectionBody } from '@/data'
import { t, type Message, type MessageKey } from '@/session/i18n'
import { fieldProblems } from '@/ui/use-form-dialog'

/** A sort mode in words; one the app does not know, as the store names it. */
export function sortTypeWords(sortType: string): string {
  return (COLLECTION_SORT_TYPES as readonly string[]).includes(sortType) ? t(`collections.sortTypes.${sortType as (typeof COLLECTION_SORT_TYPES)[number]}`) : sortType
}

const TITLE_EMPTY: MessageKey = 'collections.form.titleEmpty'
const SLUG: MessageKey = 'collections.form.slug'

export const CollectionFormSchema = z.object({
  title: z.string().trim().min(1, TITLE_EMPTY).max(255),
  description: z.string().max(10_000),
  seo_title: z.string().max(255),
  seo_description: z.string().max(1_000),
  seo_slug: z
    .string()
    .max(255)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, SLUG),
  sort_type: z.enum(COLLECTION_SORT_TYPES),
})
export type CollectionForm = z.infer<typeof CollectionFormSchema>

export function emptyForm(): CollectionForm {
  return { title: '', description: '', seo_title: '', seo_description: '', seo_slug: '', sort_type: 'manual' }
}

export function formOf(collection: CachedCollection): CollectionForm {
  const sort = (COLLECTION_SORT_TYPES as readonly string[]).includes(collection.sort_type as string) ? (collection.sort_type as CollectionForm['sort_type']) : 'manual'
  return {
    title: collection.title,
    description: collection.description ?? '',
    seo_title: collection.seo_title ?? '',
    seo_description: collection.seo_description ?? '',
    seo_slug: collection.seo_slug ?? '',
    sort_type: sort,
  }
}

/** Problems by field name, or null when the form may be sent. `slugsInUse` are other collections' slugs. */
export function formProblems(form: CollectionForm, slugsInUse: Iterable<string>): Partial<Record<keyof CollectionForm, Message>> | null {
  const parsed = CollectionFormSchema.safeParse(form)
  const problems: Partial<Record<keyof CollectionForm, Message>> = parsed.success ? {} : fieldProblems(parsed.error.issues)
  if (form.seo_slug && new Set(slugsInUse).has(form.seo_slug)) problems.seo_slug ??= { key: 'collections.form.slugTaken' }
  return Object.keys(problems).length > 0 ? problems : null
}

/** The create body: empty optional fields are left out so the store picks its defaults (a slug from the title). */
export function createBody(form: CollectionForm): CollectionBody & { title: string } {
  const body: CollectionBody & { title: string } = { title: form.title.trim(), sort_type: form.sort_type }
  for (const field of ['description', 'seo_title', 'seo_description', 'seo_slug'] as const) if (form[field] !== '') body[field] = form[field]
  return body
}

/** Only the fields that differ from the collection as loaded into the form. */
export function updateBody(before: CollectionForm, after: CollectionForm): CollectionBody {
  const body: CollectionBody = {}
  for (const field of Object.keys(after) as (keyof CollectionForm)[]) {
    const value = field === 'title' ? after.title.trim() : after[field]
    if (value !== before[field]) (body as Record<string, string>)[field] = value
  }
  return body
}
