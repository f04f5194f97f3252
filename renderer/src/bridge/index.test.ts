// The bridge over any transport: each call goes out as (channel, args) exactly as the caller
// gave them, store.call included, and a failure arrives as a thrown StoredeskError.
import { describe, expect, it } from 'vitest'
import type { ChannelName, IpcResult, RawTransport } from '@common/ipc-contract'
import { createApi, StoredeskError } from './index'

function recording(answer: IpcResult<unknown>) {
  const sent: { channel: ChannelName; args: unknown[] }[] = []
  const transport: RawTransport = {
    invoke: async (channel, args) => {
      sent.push({ channel, args })
      return answer
    },
    subscribe: () => () => {},
  }
  return { sent, api: createApi(transport) }
}

describe('createApi', () => {
  it('passes store.call on as (connectionId, operation, params) and answers the value', async () => {
    const { sent, api } = recording({ ok: true, value: { count: 3 } })
    expect(await api.store.call('c1', 'checkouts.count', {})).toEqual({ count: 3 })
    expect(sent).toEqual([{ channel: 'store.call', args: ['c1', 'checkouts.count', {}] }])
  })

  it('throws the failure as a StoredeskError with its code and fields', async () => {
    const { api } = recording({ ok: false, error: { code: 'validation_failed', message: 'The request is not valid.', fields: { trackno: ['is required'] } } })
    const error = await api.store.call('c1', 'orders.track', { path: { id: 1 }, body: { trackno: '', sendemail: false } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StoredeskError)
    expect((error as StoredeskError).toData()).toEqual({ code: 'validation_failed', message: 'The request is not valid.', fields: { trackno: ['is required'] } })
  })
})
