// The demo store's whole state as one JSON-able value, and the zod schema that checks a
// saved state before the store trusts it (DemoData.fromJSON). Orders and checkouts are
// stored in their API shape; blogs and collections are stored as records and shaped on
// the way out (cover, collections, public_url, blogs_count are derived, so they cannot drift).
import { z } from 'zod'
import { CheckoutDetail, MetaFieldDefinition, Order } from '../../common/store-api/resources'
import { isCalendarDate } from '../../common/store-api/date-formats'
import { MAX_UTC_OFFSET_MINUTES, MIN_UTC_OFFSET_MINUTES } from './time'

export const STATE_VERSION = 1

export const BlogRecord = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  cover_id: z.number().int().positive().nullable(),
  author: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_slug: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  visible_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type BlogRecord = z.infer<typeof BlogRecord>

export const CollectionRecord = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_slug: z.string(),
  sort_type: z.enum(['manual', 'newest', 'oldest', 'title_asc', 'title_desc']),
  created_at: z.string(),
  updated_at: z.string(),
  /** Member blogs in manual order (the order used when sort_type is `manual`). */
  blog_ids: z.array(z.number().int().positive()),
})
export type CollectionRecord = z.infer<typeof CollectionRecord>

export const MetaValueRecord = z.object({
  meta_field_id: z.number().int().positive(),
  resource_id: z.number().int().positive(),
  value: z.string(),
})
export type MetaValueRecord = z.infer<typeof MetaValueRecord>

export const CustomerRecord = z.object({
  id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  registered: z.string(),
  subscribed: z.boolean(),
})
export type CustomerRecord = z.infer<typeof CustomerRecord>

export const ImageRecord = z.object({ ID: z.number().int().positive(), name: z.string(), alt: z.string() })
export type ImageRecord = z.infer<typeof ImageRecord>

export const SentEmail = z.object({
  orderId: z.number().int().positive(),
  to: z.string(),
  trackno: z.string(),
  carrier: z.string(),
  at: z.string(),
})
export type SentEmail = z.infer<typeof SentEmail>

/** A meta field value the store accepted (demo only: lets a test see each write arrived once). */
export const ValueWrite = z.object({
  resource: z.string(),
  resourceId: z.number().int().positive(),
  metaFieldId: z.number().int().positive(),
  value: z.string(),
  at: z.string(),
})
export type ValueWrite = z.infer<typeof ValueWrite>

const UtcOffsetMinutes = z.number().int().min(MIN_UTC_OFFSET_MINUTES).max(MAX_UTC_OFFSET_MINUTES)

export const DemoState = z.object({
  version: z.literal(STATE_VERSION),
  seed: z.number().int(),
  /**
   * The store-local day and zone the generated data was made for (orders are rebuilt from them);
   * absent in files written before the data was dated to its start day (LEGACY_DATING).
   */
  dating: z.object({
    day: z.string().refine(isCalendarDate, 'must be a calendar date YYYY-MM-DD'),
    utcOffsetMinutes: UtcOffsetMinutes,
    /** Where the data ends when the store started inside the day's first hour (seconds into the day). */
    endSecond: z.number().int().min(0).max(3599).optional(),
  }).optional(),
  /** The store's zone now (times written from now on); absent in older files: the dating's zone. */
  utcOffsetMinutes: UtcOffsetMinutes.optional(),
  /** Orders are rebuilt from the seed; only the ones changed through the API are saved. */
  orderCount: z.number().int().nonnegative().max(1_000_000),
  orderOverrides: z.array(Order),
  checkouts: z.array(CheckoutDetail),
  customers: z.array(CustomerRecord),
  productIds: z.array(z.number().int().positive()),
  images: z.array(ImageRecord),
  blogs: z.array(BlogRecord),
  collections: z.array(CollectionRecord),
  metaFields: z.array(MetaFieldDefinition),
  metaValues: z.array(MetaValueRecord),
  sentEmails: z.array(SentEmail),
  /** Absent from files written before it was kept. */
  valueWrites: z.array(ValueWrite).default([]),
  nextIds: z.object({
    blog: z.number().int().positive(),
    collection: z.number().int().positive(),
    metaField: z.number().int().positive(),
  }),
})
export type DemoState = z.infer<typeof DemoState>
