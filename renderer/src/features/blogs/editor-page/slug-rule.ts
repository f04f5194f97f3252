// The slug's rule, apart from the screen (use-blog-draft.ts applies it):
// - A post the store has never had gets its slug from its title, until the writer types in the
//   slug field.
// - Once typed in, the slug is the writer's: it shows what they typed (empty included) and the
//   store gets its normal form (lib/slug.ts); a title edit never changes it again.
// - A post the store has (or whose create is queued) keeps its slug whatever its title becomes:
//   changing a live post's title must not break every link to it.
// - A slug set from elsewhere (a restored revision, the store's version) is shown as it is.
import { slugify } from '@/lib/slug'

export interface SlugState {
  /** The slug is made from the title. */
  followsTitle: boolean
  /** What the writer typed, as typed; null while they have not (or since a slug came from elsewhere). */
  typed: string | null
}

/** As a post opens: a new post whose slug is its title's (or empty) follows it. */
export function slugOnLoad(slug: string, title: string, onStore: boolean): SlugState {
  return { followsTitle: !onStore && (!slug || slug === slugify(title)), typed: null }
}

/** The writer typed `value` in the slug field: the slug the store gets, and the field's state. */
export function typeSlug(value: string): { state: SlugState; slug: string } {
  return { state: { followsTitle: false, typed: value }, slug: slugify(value) }
}

/** After any change to the post's fields: the slug it now has, and the field's state. */
export function slugAfterChange(state: SlugState, title: string, slug: string, onStore: boolean): { state: SlugState; slug: string } {
  const next = state.followsTitle && !onStore ? slugify(title) : slug
  const typed = state.typed !== null && slugify(state.typed) !== next ? null : state.typed
  return { state: { followsTitle: state.followsTitle, typed }, slug: next }
}
