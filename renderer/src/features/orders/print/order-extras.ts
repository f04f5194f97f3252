// What an order carries for the warehouse beyond its items: a gift message for the packing
// slip and a warehouse bin for the pick list. A store keeps them as order meta fields (the
// demo store's "Gift message", fulfilment.gift_message, described "Printed on the packing
// slip", and "Warehouse bin", fulfilment.warehouse_bin) or as custom attributes the checkout
// collected ({ name: 'Gift message', value }). Either is recognised by its key or its name,
// the meta field first (it is what the order page edits).
import type { MetaFieldValue, Order } from '@common/store-api/resources'

export interface OrderExtras {
  giftMessage: string
  bin: string | null
}

const fold = (s: unknown) => String(s ?? '').toLowerCase().replace(/[^a-z]/g, '')
const GIFT_NAMES = new Set(['giftmessage', 'giftnote'])
const BIN_NAMES = new Set(['warehousebin', 'bin', 'binlocation'])

function find(values: readonly MetaFieldValue[], attributes: readonly unknown[], names: ReadonlySet<string>): string {
  const field = values.find((v) => (names.has(fold(v.key)) || names.has(fold(v.name))) && (v.value ?? '').trim() !== '')
  if (field) return (field.value ?? '').trim()
  for (const a of attributes) {
    if (!a || typeof a !== 'object') continue
    const { name, value } = a as { name?: unknown; value?: unknown }
    if (names.has(fold(name)) && typeof value === 'string' && value.trim()) return value.trim()
  }
  return ''
}

/** The gift message and bin of an order, from its meta field values (as cached) and its custom attributes. */
export function orderExtras(order: Pick<Order, 'custom_attributes'>, values: readonly MetaFieldValue[]): OrderExtras {
  const attributes = Array.isArray(order.custom_attributes) ? order.custom_attributes : []
  return { giftMessage: find(values, attributes, GIFT_NAMES), bin: find(values, attributes, BIN_NAMES) || null }
}
