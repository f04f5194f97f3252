import { describe, expect, it } from 'vitest'
import type { MetaFieldValue } from '@common/store-api/resources'
import { orderExtras } from './order-extras'

const value = (key: string, name: string, v: string | null): MetaFieldValue => ({ key, name, namespace: 'fulfilment', description: '', type: 'text', rule: {}, pinned_position: false, value: v, status: 'enabled', meta_field_id: '1' }) as MetaFieldValue

describe('an order’s gift message and bin', () => {
  it('come from its meta fields by key or name, else from its custom attributes', () => {
    expect(orderExtras({ custom_attributes: [] }, [value('gift_message', 'Gift message', 'Happy birthday, Sam!\nLove, Alex'), value('warehouse_bin', 'Warehouse bin', 'A-12')])).toEqual({ giftMessage: 'Happy birthday, Sam!\nLove, Alex', bin: 'A-12' })
    expect(orderExtras({ custom_attributes: [{ name: 'Gift message', value: 'Happy birthday!' }] }, [value('gift_message', 'Gift message', null)])).toEqual({ giftMessage: 'Happy birthday!', bin: null })
    expect(orderExtras({ custom_attributes: [{ name: 'Bin', value: ' B-3 ' }] }, [])).toEqual({ giftMessage: '', bin: 'B-3' })
    expect(orderExtras({ custom_attributes: [{ name: 'Colour', value: 'Red' }] }, [value('subtitle', 'Subtitle', 'x')])).toEqual({ giftMessage: '', bin: null })
  })
})
