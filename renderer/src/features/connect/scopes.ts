// The four permissions a store can grant, in words a merchant understands. All four are
// asked for by default because Storedesk's screens use all of them.
import type { Scope } from '@common/store-api/operations'

export const SCOPE_DESCRIPTIONS: { scope: Scope; description: string }[] = [
  { scope: 'read_orders', description: 'See orders and abandoned checkouts' },
  { scope: 'write_orders', description: 'Fix shipping addresses and add tracking numbers to orders' },
  { scope: 'read_content', description: 'See blog posts, blog collections and meta fields' },
  { scope: 'write_content', description: 'Write, publish and organise blog posts and collections' },
]
