// Generates the blog side of the demo store: ~24 articles with real-looking HTML
// (headings, nested lists, images with alt text, tables, links, figures, embeds, inline
// styles), a few with markup a rich-text editor may not represent (details/summary, dl,
// custom elements, a form), four collections, and meta field definitions with some values.
import type { MetaFieldDefinition } from '../../common/store-api/resources'
import type { Prng } from './prng'
import { IMAGE_LIBRARY, PRODUCTS, imageUrls } from './catalog'
import type { BlogRecord, CollectionRecord, CustomerRecord, MetaValueRecord } from './state'
import { gmt } from './time'
import type { DataDating } from './dating'

const HOUR = 3_600_000
const DAY = 86_400_000

const TITLES = [
  'How to Style a Linen Bedroom for Every Season',
  'Five Morning Rituals with a Good Mug of Coffee',
  'Growing Herbs on a Small City Balcony',
  'Setting an Autumn Table Your Guests Will Remember',
  'The Quiet Joy of Candlelight',
  'Building a Reading Nook in a Rented Flat',
  'Open Kitchen Shelving: A Practical Guide',
  'Why We Love Handwoven Baskets',
  'Layering Blankets for Cold Winter Nights',
  'Spring Cleaning Checklist (Printable)',
  'Inside the Ceramics Studio That Makes Our Mugs',
  'Hosting a Dinner Party for Twelve on a Budget',
  'Caring for Cast Iron: Myths and Facts',
  'Plant Care 101: Watering, Light and Soil',
  'A Guide to Natural Fibres',
  'Meet the Makers: Our Rug Weavers',
  'Gift Guide: Thoughtful Presents Under $50',
  'The Story Behind Our Beeswax Candles',
  'Small Space, Big Comfort',
  'Table Linen Sizes Explained',
  'How We Pack Your Orders Plastic-Free',
  'Holiday Shipping Deadlines 2026',
  'Sustainable Swaps for the Kitchen',
  'Frequently Asked Questions About Our Materials',
]
const AUTHORS = ['Maya Lindqvist', 'Jon Okafor', 'Priya Raman', 'Store Team']

function slugify(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80)
}

function figure(imageIndex: number): string {
  const image = IMAGE_LIBRARY[imageIndex % IMAGE_LIBRARY.length]!
  const urls = imageUrls(image.name)
  return `<figure><img src="${urls.medium}" alt="${image.alt}" width="600" height="400"><figcaption>Photo: ${image.alt}.</figcaption></figure>`
}

function blogHtml(rng: Prng, index: number, title: string): string {
  const product = PRODUCTS[index % PRODUCTS.length]!
  const parts: string[] = [
    `<p>${title} starts with a few simple choices. In this article we share what has worked for us and for our customers, with <strong>practical steps</strong> and <em>honest notes</em>.</p>`,
    `<h2>What you need</h2>`,
    `<ul><li>A free afternoon</li><li>Our <a href="https://demo.storedesk.invalid/products/${product.slug}">${product.name}</a></li><li>Some patience, and:<ul><li>a soft cloth</li><li>warm water</li></ul></li></ul>`,
    figure(index),
    `<h3>Step by step</h3>`,
    `<ol><li>Clear the space.</li><li>Choose a colour palette <span style="color: #8a5a44;">(earthy tones work well)</span>.</li><li>Add texture, then light.</li></ol>`,
  ]
  if (index % 3 === 0) {
    parts.push('<h2>At a glance</h2>', '<table><thead><tr><th>Item</th><th>Size</th><th>Care</th></tr></thead><tbody><tr><td>Throw</td><td>130 × 170 cm</td><td>Machine wash 30°</td></tr><tr><td>Pillow cover</td><td>50 × 50 cm</td><td>Hand wash</td></tr><tr><td colspan="2">Rug</td><td>Spot clean only</td></tr></tbody></table>')
  }
  if (index % 4 === 1) {
    parts.push('<h2>Watch how it is done</h2>', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" title="Video walkthrough" allowfullscreen></iframe>')
  }
  if (index % 5 === 2) {
    parts.push('<blockquote><p>“Make the house a home, one small object at a time.”</p></blockquote>', '<p style="text-align: center;"><img src="https://images.demo-store.invalid/library/signature.png" alt="Signature of the author"></p>')
  }
  // A few articles carry markup a rich-text editor may not represent; the store keeps it verbatim.
  if (index === 9) {
    parts.push('<form action="https://demo.storedesk.invalid/newsletter"><label>E-mail <input type="email" name="email"></label><button type="submit">Subscribe</button></form>')
  }
  if (index === 23) {
    parts.push('<details><summary>Is the linen pre-washed?</summary><p>Yes, every piece is stone-washed.</p></details>', '<dl><dt>Linen</dt><dd>Flax fibre, breathable.</dd><dt>Merino</dt><dd>Fine wool, warm.</dd></dl>')
  }
  if (index === 14) {
    parts.push('<product-card data-product-id="' + product.id + '"></product-card>', '<p>Fibre content in H<sub>2</sub>O-free storage: 100%<sup>*</sup> <abbr title="Global Organic Textile Standard">GOTS</abbr> certified.</p>', '<pre><code>care: { wash: 30, tumble: false }</code></pre>')
  }
  if (index === 21) {
    parts.push('<div class="embed-responsive"><video controls width="640" poster="https://images.demo-store.invalid/library/packing.jpg"><source src="https://videos.demo-store.invalid/packing.mp4" type="video/mp4"></video></div>')
  }
  parts.push(`<hr><p>Questions? <a href="mailto:hello@demo.storedesk.invalid">Write to us</a>. ${rng.chance(0.5) ? 'Happy making!' : 'Thanks for reading.'}</p>`)
  return parts.join('\n')
}

/**
 * A post a week, the newest written today and the one before it yesterday; two are hidden drafts
 * and two of the newest are scheduled for about six weeks ahead.
 */
export function generateBlogs(rng: Prng, dating: DataDating): BlogRecord[] {
  const anchor = dating.anchor.getTime()
  const local = (d: Date) => dating.clock.local(d)
  return TITLES.map((title, i) => {
    const age = TITLES.length - 1 - i
    const created = new Date(
      age === 0 ? anchor - dating.firstHour(rng.int(5, 50)) : age === 1 ? dating.dayStart.getTime() - rng.int(1, 20) * HOUR : anchor - age * 7 * DAY - rng.int(0, 8) * HOUR,
    )
    const updated = new Date(Math.min(anchor, created.getTime() + rng.int(0, 5) * DAY))
    const hidden = i === 5 || i === 17
    const scheduled = i === 21 || i === 22
    const visibleAt = scheduled ? new Date(dating.dayStart.getTime() + (20 + i) * DAY + 14 * HOUR) : created
    const summary = `${title}: ideas, tips and the products we reach for.`
    return {
      id: 1 + i,
      title,
      summary,
      content: blogHtml(rng, i, title),
      cover_id: i % 6 === 4 ? null : IMAGE_LIBRARY[i % IMAGE_LIBRARY.length]!.ID,
      author: AUTHORS[i % AUTHORS.length]!,
      seo_title: title.length > 60 ? title.slice(0, 57) + '...' : title,
      seo_description: summary,
      seo_slug: slugify(title),
      status: hidden ? 1 : 2,
      visible_at: local(visibleAt),
      created_at: local(created),
      updated_at: local(updated),
    }
  })
}

export function generateCollections(blogs: BlogRecord[], dating: DataDating): CollectionRecord[] {
  const created = dating.clock.local(new Date(dating.anchor.getTime() - 170 * DAY))
  const specs: [string, string, CollectionRecord['sort_type'], number[]][] = [
    ['Home Styling', 'Ideas for every room.', 'manual', [1, 6, 19, 4, 9, 15]],
    ['Kitchen & Dining', 'Cook, serve and host.', 'newest', [2, 7, 12, 13, 20, 23]],
    ['Garden & Plants', 'Green things, inside and out.', 'title_asc', [3, 14]],
    ['Behind the Scenes', 'Our makers, our materials and how we work.', 'manual', [11, 16, 18, 21, 24, 8]],
  ]
  return specs.map(([title, description, sortType, ids], i) => ({
    id: 1 + i,
    title,
    description,
    seo_title: title,
    seo_description: description,
    seo_slug: slugify(title),
    sort_type: sortType,
    created_at: created,
    updated_at: created,
    blog_ids: ids.filter((id) => blogs.some((b) => b.id === id)),
  }))
}

type DefinitionSpec = Pick<MetaFieldDefinition, 'name' | 'namespace' | 'key' | 'description' | 'type' | 'resource_type' | 'pinned_position' | 'status' | 'rule'>

const DEFINITIONS: DefinitionSpec[] = [
  { name: 'Reading time', namespace: 'content', key: 'reading_time', description: 'Minutes to read the article.', type: 'integer', resource_type: 'blog', pinned_position: true, status: 'enabled', rule: { min_length: 1, max_length: 3 } },
  { name: 'Featured', namespace: 'content', key: 'featured', description: 'Show on the home page.', type: 'boolean', resource_type: 'blog', pinned_position: true, status: 'enabled', rule: {} },
  { name: 'Canonical URL', namespace: 'seo', key: 'canonical_url', description: 'Canonical link for syndicated posts.', type: 'url', resource_type: 'blog', pinned_position: false, status: 'enabled', rule: {} },
  { name: 'Subtitle', namespace: 'content', key: 'subtitle', description: 'Line shown under the title.', type: 'text', resource_type: 'blog', pinned_position: false, status: 'enabled', rule: { max_length: 120 } },
  { name: 'Gift message', namespace: 'fulfilment', key: 'gift_message', description: 'Printed on the packing slip.', type: 'multi_line_text', resource_type: 'order', pinned_position: true, status: 'enabled', rule: { max_length: 300 } },
  { name: 'Warehouse bin', namespace: 'fulfilment', key: 'warehouse_bin', description: 'Bin code such as A-12.', type: 'text', resource_type: 'order', pinned_position: false, status: 'enabled', rule: { regular_expression: '[A-Z]-\\d{1,3}' } },
  { name: 'Delivery date', namespace: 'fulfilment', key: 'delivery_date', description: 'Promised delivery date.', type: 'date', resource_type: 'order', pinned_position: false, status: 'enabled', rule: {} },
  { name: 'Collection hero colour', namespace: 'theme', key: 'hero_colour', description: 'Hex colour of the collection banner.', type: 'text', resource_type: 'blog_collection', pinned_position: true, status: 'enabled', rule: { regular_expression: '#[0-9a-fA-F]{6}' } },
  { name: 'Launch time', namespace: 'theme', key: 'launch_time', description: 'When the collection goes live.', type: 'date_time', resource_type: 'blog_collection', pinned_position: false, status: 'disabled', rule: {} },
  { name: 'Care instructions', namespace: 'product', key: 'care', description: 'Shown on the product page.', type: 'multi_line_text', resource_type: 'product', pinned_position: true, status: 'enabled', rule: { min_length: 10, max_length: 500 } },
  { name: 'Weight (kg)', namespace: 'product', key: 'weight_kg', description: 'Shipping weight.', type: 'decimal', resource_type: 'product', pinned_position: false, status: 'enabled', rule: {} },
  { name: 'Specs', namespace: 'product', key: 'specs', description: 'Structured specifications.', type: 'json', resource_type: 'product', pinned_position: false, status: 'enabled', rule: {} },
  { name: 'Loyalty tier', namespace: 'crm', key: 'loyalty_tier', description: 'Bronze, Silver or Gold.', type: 'text', resource_type: 'customer', pinned_position: false, status: 'enabled', rule: { regular_expression: 'Bronze|Silver|Gold' } },
]

export function generateMetaFields(rng: Prng, orderIds: number[], customers: CustomerRecord[], dating: DataDating): { definitions: MetaFieldDefinition[]; values: MetaValueRecord[] } {
  const at = gmt(new Date(dating.anchor.getTime() - 120 * DAY))
  const definitions: MetaFieldDefinition[] = DEFINITIONS.map((d, i) => ({ id: 1 + i, ...d, rule: { ...d.rule }, created_at_gmt: at, updated_at_gmt: at }))
  const byKey = (key: string) => definitions.find((d) => d.key === key)!.id
  const values: MetaValueRecord[] = [
    { meta_field_id: byKey('reading_time'), resource_id: 1, value: '6' },
    { meta_field_id: byKey('reading_time'), resource_id: 2, value: '4' },
    { meta_field_id: byKey('featured'), resource_id: 1, value: 'true' },
    { meta_field_id: byKey('subtitle'), resource_id: 3, value: 'Basil, thyme and a sunny rail' },
    { meta_field_id: byKey('hero_colour'), resource_id: 1, value: '#C9B79C' },
    { meta_field_id: byKey('care'), resource_id: PRODUCTS[0]!.id, value: 'Machine wash cold.\nTumble dry low.' },
    { meta_field_id: byKey('weight_kg'), resource_id: PRODUCTS[10]!.id, value: '5.4' },
    { meta_field_id: byKey('specs'), resource_id: PRODUCTS[10]!.id, value: '{"capacity_l":5.5,"induction":true}' },
  ]
  for (const orderId of rng.sample(orderIds, Math.min(3, orderIds.length))) {
    values.push({ meta_field_id: byKey('gift_message'), resource_id: orderId, value: 'Happy birthday, Sam!\nLove, Alex' })
  }
  const customer = customers[0]
  if (customer) values.push({ meta_field_id: byKey('loyalty_tier'), resource_id: customer.id, value: 'Gold' })
  return { definitions, values }
}

export { slugify }
