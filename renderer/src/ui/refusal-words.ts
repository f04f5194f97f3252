// A refusal from the store in the words of the screens: its field errors named by the labels
// people see ("Slug: is already taken"), never by the API's names (`seo_slug`). Shared by the
// blog editor, which shows them on the fields, and the notification a refused write raises.

/** The store's field names, as the app's forms label them. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  summary: 'Summary',
  content: 'Content',
  author: 'Author',
  description: 'Description',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  seo_slug: 'Slug',
  cover_id: 'Cover image',
  visible_at: 'Visible from',
  collection_ids: 'Collections',
  blog_ids: 'Posts',
  trackno: 'Tracking number',
  logistics_company: 'Carrier',
  namespace: 'Namespace',
  key: 'Key',
  value: 'Value',
}

function labelOf(field: string): string {
  const last = field.split('.').pop() ?? field
  return FIELD_LABELS[field] ?? FIELD_LABELS[last] ?? last.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
}

export interface Refusal {
  message: string
  fields?: Record<string, string[]>
}

/** "Slug: is already taken"; a message without field errors has the API's names replaced. */
export function refusalInWords(error: Refusal | undefined): string {
  if (!error) return 'The store refused it'
  if (error.fields && Object.keys(error.fields).length > 0) {
    return Object.entries(error.fields)
      .map(([field, messages]) => `${labelOf(field)}: ${messages.join('; ')}`)
      .join('. ')
  }
  const words = error.message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => (FIELD_LABELS[name] ?? name.replace(/_/g, ' ')).toLowerCase())
  return words.replace(/\.$/, '')
}
