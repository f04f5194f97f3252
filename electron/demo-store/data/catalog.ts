// Fixed vocabulary the generator draws from: products, people, places, carriers, images.
// Image and page URLs are kept on the reserved `.invalid` TLD, as on a store's own domain: the
// API gives post and image addresses as the running store's public site (public/addresses.ts);
// other pages never resolve (docs/demo-store.md).
export const SHOP_DOMAIN = 'demo.storedesk.invalid'
export const SHOP_URL = `https://${SHOP_DOMAIN}`
export const IMAGE_HOST = 'https://images.demo-store.invalid'
export const CURRENCY = 'USD'

export interface Product {
  id: number
  name: string
  sku: string
  /** Price in cents. */
  price: number
  /** Regular (pre-sale) price in cents. */
  regularPrice: number
  variants: { id: number; attrs: { name: string; value: string }[] }[]
  slug: string
}

const PRODUCT_SPECS: [string, number, string[][]][] = [
  ['Linen Throw Pillow', 3400, [['Color', 'Oat', 'Sage', 'Clay']]],
  ['Stoneware Mug', 1800, [['Color', 'Speckled White', 'Midnight']]],
  ['Walnut Serving Board', 5600, []],
  ['Wool Blend Blanket', 8900, [['Size', 'Throw', 'Queen']]],
  ['Beeswax Candle Set', 2400, []],
  ['Cotton Tea Towels (3-pack)', 1900, [['Pattern', 'Stripe', 'Check']]],
  ['Ceramic Planter', 3200, [['Size', 'Small', 'Medium', 'Large']]],
  ['Hand-Poured Soap Bar', 900, [['Scent', 'Lavender', 'Cedar', 'Citrus']]],
  ['Glass Carafe', 2800, []],
  ['Rattan Storage Basket', 4500, [['Size', 'Small', 'Large']]],
  ['Enamel Dutch Oven', 12900, [['Color', 'Red', 'Teal']]],
  ['Organic Cotton Tote', 1500, []],
  ['Brass Candle Holder', 2600, []],
  ['Recycled Glass Tumbler (4-pack)', 3600, []],
  ['Merino Wool Socks', 2200, [['Size', 'S', 'M', 'L']]],
  ['Leather Notebook', 3900, [['Color', 'Tan', 'Black']]],
  ['Bamboo Utensil Set', 1400, []],
  ['Cast Iron Skillet', 6400, [['Size', '10"', '12"']]],
  ['Terracotta Watering Can', 2900, []],
  ['Handwoven Rug', 18900, [['Size', '2x3', '4x6']]],
  ['Scented Room Spray', 1700, [['Scent', 'Fig', 'Vetiver']]],
  ['Oak Wall Shelf', 7400, []],
  ['Porcelain Dinner Plate', 2100, [['Color', 'White', 'Ash']]],
  ['Silk Sleep Mask', 2500, []],
]

export const PRODUCTS: Product[] = PRODUCT_SPECS.map(([name, price, options], index) => {
  const id = 5001 + index
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  const variants: Product['variants'] = []
  const first = options[0]
  if (first) {
    const [attrName, ...values] = first
    values.forEach((value, i) => variants.push({ id: id * 10 + i + 1, attrs: [{ name: attrName ?? 'Option', value }] }))
  }
  const onSale = index % 5 === 0
  return {
    id,
    name,
    sku: `SD-${String(id).slice(-3)}-${slug.slice(0, 3).toUpperCase()}`,
    price: onSale ? Math.round(price * 0.85) : price,
    regularPrice: price,
    variants,
    slug,
  }
})

export const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Mia', 'Lucas', 'Amara', 'Hiro', 'Chloé', 'Ingrid', 'Rahul', 'Fatima', 'Diego', 'Zoë', 'Kwame', 'Yuki', 'Grace', 'Omar', 'Nina', 'Jonas']
export const LAST_NAMES = ['Smith', 'Johnson', 'Garcia', 'Nguyen', 'Müller', 'Okafor', 'Rossi', 'Kowalski', 'Patel', 'Tanaka', 'Brown', 'Dubois', "O'Brien", 'Silva', 'Larsen', 'Haddad', 'Kim', 'Andersson', 'Lopez', 'Walker']
export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example']

export interface Place {
  country: string
  state: string
  stateName: string
  city: string
  postcode: string
  phonePrefix: string
  /** Sales tax in basis points. */
  taxBps: number
}

export const PLACES: Place[] = [
  { country: 'US', state: 'NY', stateName: 'New York', city: 'Brooklyn', postcode: '11201', phonePrefix: '+1 718', taxBps: 888 },
  { country: 'US', state: 'CA', stateName: 'California', city: 'Oakland', postcode: '94607', phonePrefix: '+1 510', taxBps: 1025 },
  { country: 'US', state: 'TX', stateName: 'Texas', city: 'Austin', postcode: '78701', phonePrefix: '+1 512', taxBps: 825 },
  { country: 'US', state: 'WA', stateName: 'Washington', city: 'Seattle', postcode: '98101', phonePrefix: '+1 206', taxBps: 1035 },
  { country: 'US', state: 'IL', stateName: 'Illinois', city: 'Chicago', postcode: '60601', phonePrefix: '+1 312', taxBps: 1025 },
  { country: 'US', state: 'OR', stateName: 'Oregon', city: 'Portland', postcode: '97205', phonePrefix: '+1 503', taxBps: 0 },
  { country: 'US', state: 'MA', stateName: 'Massachusetts', city: 'Boston', postcode: '02108', phonePrefix: '+1 617', taxBps: 625 },
  { country: 'US', state: 'CO', stateName: 'Colorado', city: 'Denver', postcode: '80202', phonePrefix: '+1 303', taxBps: 881 },
  { country: 'CA', state: 'ON', stateName: 'Ontario', city: 'Toronto', postcode: 'M5V 2T6', phonePrefix: '+1 416', taxBps: 0 },
  { country: 'CA', state: 'BC', stateName: 'British Columbia', city: 'Vancouver', postcode: 'V6B 1A1', phonePrefix: '+1 604', taxBps: 0 },
  { country: 'GB', state: 'LND', stateName: 'London', city: 'London', postcode: 'EC1A 1BB', phonePrefix: '+44 20', taxBps: 0 },
  { country: 'DE', state: 'BE', stateName: 'Berlin', city: 'Berlin', postcode: '10115', phonePrefix: '+49 30', taxBps: 0 },
  { country: 'AU', state: 'NSW', stateName: 'New South Wales', city: 'Sydney', postcode: '2000', phonePrefix: '+61 2', taxBps: 0 },
]

export const STREETS = ['Maple Ave', 'Oak Street', 'Harbor Road', 'Elm Court', 'Cedar Lane', 'Mission St', 'King Street W', 'Queen Street', 'Lindenstraße', 'Pitt Street']

/** US and Canadian province names by code, for state_name on addresses a client sends. */
export const STATE_NAMES: Record<string, Record<string, string>> = {
  US: { AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming' },
  CA: { AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan' },
}

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const

export const SALES_CHANNELS: [category: string, channel: string, weight: number][] = [
  ['online_store', 'Online Store', 60],
  ['social', 'Facebook', 12],
  ['social', 'Instagram', 10],
  ['marketplace', 'Google Shopping', 8],
  ['social', 'TikTok', 6],
  ['pos', 'Point of Sale', 4],
]

export const UTM_SOURCES: { source: string; medium: string; referrer: string }[] = [
  { source: 'google', medium: 'cpc', referrer: 'https://www.google.com/' },
  { source: 'facebook', medium: 'social', referrer: 'https://m.facebook.com/' },
  { source: 'instagram', medium: 'social', referrer: 'https://l.instagram.com/' },
  { source: 'newsletter', medium: 'email', referrer: '' },
  { source: 'pinterest', medium: 'social', referrer: 'https://www.pinterest.com/' },
]
export const CAMPAIGNS = ['spring_refresh', 'holiday_gifts', 'new_arrivals', 'free_shipping_week', 'cozy_home']

export const DEVICES = ['desktop', 'mobile', 'tablet']
export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
]
export const PAYMENT_METHODS: [code: string, title: string][] = [
  ['stripe', 'Credit Card (Stripe)'],
  ['paypal', 'PayPal'],
  ['bacs', 'Direct Bank Transfer'],
  ['cod', 'Cash on Delivery'],
]
export const COUPONS: { code: string; percent: number; description: string }[] = [
  { code: 'WELCOME10', percent: 10, description: '10% off your first order' },
  { code: 'SPRING15', percent: 15, description: 'Spring refresh: 15% off' },
  { code: 'VIP20', percent: 20, description: 'VIP customers: 20% off' },
]
export const SELLER_NOTES = [
  'Customer asked for gift wrapping.',
  'Called customer to confirm the apartment number.',
  'Replacement for a damaged item from a previous order.',
  'Ship together with the backordered planter.',
  'Customer prefers delivery after 5 pm.',
  'Address verified by phone.',
]
export const REFUND_REASONS = ['Item arrived damaged', 'Customer changed their mind', 'Out of stock', 'Late delivery', 'Wrong color sent']

export interface LibraryImage {
  ID: number
  name: string
  alt: string
}

/** The store's small image library; blog covers must refer to one of these. */
export const IMAGE_LIBRARY: LibraryImage[] = [
  'linen-bedroom', 'morning-coffee', 'herb-garden', 'autumn-table', 'candle-glow', 'reading-nook', 'kitchen-shelf',
  'woven-baskets', 'winter-blanket', 'spring-flowers', 'ceramics-studio', 'dinner-party', 'balcony-plants', 'workshop-tools',
  'market-stall', 'sunlit-window',
].map((name, i) => ({ ID: 101 + i, name, alt: name.replace(/-/g, ' ') }))

export function imageUrls(name: string) {
  const base = `${IMAGE_HOST}/library/${name}`
  return {
    url: `${base}.jpg`,
    thumbnail: `${base}-150x150.jpg`,
    medium: `${base}-600x400.jpg`,
    big: `${base}-1200x800.jpg`,
    srcset: `${base}-600x400.jpg 600w, ${base}-1200x800.jpg 1200w, ${base}.jpg 1800w`,
  }
}

export function productImageUrl(slug: string): string {
  return `${IMAGE_HOST}/products/${slug}.jpg`
}
