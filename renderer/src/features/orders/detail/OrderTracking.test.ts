// The order page's tracking section with carrier names that are also names of Object.prototype
// ("Constructor", "__proto__", "toString"...): each is a carrier like any other the app knows no
// page for, shown as the text the order holds.
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import { NMessageProvider } from 'naive-ui'
import type { Order } from '@common/store-api/resources'
import OrderTracking from './OrderTracking.vue'

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype)
const CARRIER_NAMES = [...PROTOTYPE_NAMES, ...PROTOTYPE_NAMES.map((name) => name[0]!.toUpperCase() + name.slice(1)), 'Constructor', 'CONSTRUCTOR', 'to string', '__PROTO__']

/** The section as the order page shows it, inside the app's message provider (for Copy). */
const section = (trackname: string) => defineComponent({ render: () => h(NMessageProvider, null, { default: () => h(OrderTracking, { order: order(trackname) }) }) })

const order = (trackname: string) => ({ id: 7, order_number: '1057', trackno: 'MYPARCEL42', trackname, track_date: '2026-11-20 10:00:00' }) as unknown as Order

describe('the tracking section of the order page', () => {
  it.each(CARRIER_NAMES)('shows the carrier “%s” as text, with no tracking page', (name) => {
    const wrapper = mount(section(name))
    const carrier = wrapper.findAll('dt').find((dt) => dt.text() === 'Carrier')!.element.nextElementSibling!
    expect(carrier.textContent).toBe(`${name} (no tracking page known for this carrier)`)
    expect(wrapper.text()).toContain('MYPARCEL42')
    expect(wrapper.find('a').exists()).toBe(false)
  })
})
