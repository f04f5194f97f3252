import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { flushPromises, mount } from '@vue/test-utils'
import { api, resetFakeBridge, StoredeskError } from '@/bridge/testing/fake-bridge'
import { SHOP_URL_MESSAGES } from './shop-url'
import ConnectForm from './ConnectForm.vue'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

async function settle() {
  // Naive UI's form validation is asynchronous (async-validator), then renders the messages.
  for (let i = 0; i < 5; i++) await flushPromises()
}

function mountForm() {
  return mount(ConnectForm, { attachTo: document.body })
}

async function fill(wrapper: ReturnType<typeof mountForm>, values: { shop?: string; clientId?: string; secret?: string }) {
  if (values.shop !== undefined) await wrapper.get('#connect-shop-url').setValue(values.shop)
  if (values.clientId !== undefined) await wrapper.get('#connect-client-id').setValue(values.clientId)
  if (values.secret !== undefined) await wrapper.get('#connect-client-secret').setValue(values.secret)
}

describe('ConnectForm', () => {
  beforeEach(() => {
    resetFakeBridge()
    api.app.getInfo.mockResolvedValue({ shell: 'electron', version: '1', platform: 'darwin', secretsEncrypted: true, updates: 'on' })
    setActivePinia(createPinia())
    vi.spyOn(window, 'open').mockImplementation(() => null)
  })

  it('names every field with a label, and preselects the four permissions', () => {
    const wrapper = mountForm()
    for (const [id, label] of [['connect-shop-url', 'Store address'], ['connect-client-id', 'Client ID'], ['connect-client-secret', 'Client secret']]) {
      expect(wrapper.get(`label[for="${id}"]`).text()).toContain(label)
    }
    expect(wrapper.get('#connect-client-secret').attributes('type')).toBe('password')
    const boxes = wrapper.findAll('[role="checkbox"]')
    expect(boxes.map((b) => b.text())).toEqual([
      expect.stringContaining('read_orders'),
      expect.stringContaining('write_orders'),
      expect.stringContaining('read_content'),
      expect.stringContaining('write_content'),
    ])
    expect(boxes.every((b) => b.attributes('aria-checked') === 'true')).toBe(true)
    wrapper.unmount()
  })

  it('says what is missing and sends nothing when submitted empty', async () => {
    const wrapper = mountForm()
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(wrapper.text()).toContain(SHOP_URL_MESSAGES.empty)
    expect(wrapper.text()).toContain('Enter the client ID the store issued for Storedesk.')
    expect(wrapper.text()).toContain('Enter the client secret that goes with the client ID.')
    expect(api.connections.begin).not.toHaveBeenCalled()
    wrapper.unmount()
  })

  it('refuses plain http for a store that is not on this computer', async () => {
    const wrapper = mountForm()
    await fill(wrapper, { shop: 'http://acme.example.com', clientId: 'id', secret: 'secret' })
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(wrapper.text()).toContain(SHOP_URL_MESSAGES.insecureHttp)
    expect(api.connections.begin).not.toHaveBeenCalled()
    wrapper.unmount()
  })

  it('asks for at least one permission', async () => {
    const wrapper = mountForm()
    await fill(wrapper, { shop: 'https://acme.example.com', clientId: 'id', secret: 'secret' })
    for (const box of wrapper.findAll('[role="checkbox"]')) await box.trigger('click')
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(wrapper.text()).toContain('Choose at least one permission.')
    expect(api.connections.begin).not.toHaveBeenCalled()
    wrapper.unmount()
  })

  it('starts connecting with the normalised address and forgets the secret', async () => {
    api.connections.begin.mockResolvedValue({ attemptId: 'a1', authorizeUrl: 'https://acme.example.com/admin/oauth/authorize', openedExternally: false })
    const wrapper = mountForm()
    await fill(wrapper, { shop: ' Acme.Example.com/ ', clientId: ' app-id ', secret: 's3cret' })
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(api.connections.begin).toHaveBeenCalledWith({
      shopUrl: 'https://acme.example.com',
      clientId: 'app-id',
      clientSecret: 's3cret',
      scopes: ['read_orders', 'write_orders', 'read_content', 'write_content'],
    })
    expect((wrapper.get('#connect-client-secret').element as HTMLInputElement).value).toBe('')
    expect((wrapper.get('#connect-shop-url').element as HTMLInputElement).value).toBe('https://acme.example.com')
    wrapper.unmount()
  })

  it('says secrets would be kept in a plain file where nothing encrypts them, and starts nothing on Cancel', async () => {
    api.app.getInfo.mockResolvedValue({ shell: 'web', version: '1', platform: 'linux', secretsEncrypted: false, updates: 'browser-shell' })
    api.connections.begin.mockResolvedValue({ attemptId: 'a1', authorizeUrl: 'https://acme.example.com/admin/oauth/authorize', openedExternally: false })
    const wrapper = mountForm()
    await fill(wrapper, { shop: 'https://acme.example.com', clientId: 'id', secret: 'secret' })
    await wrapper.get('form').trigger('submit')
    await settle()
    const notice = wrapper.get('[role="alert"]')
    expect(notice.text()).toContain('kept in a file only your user account can read')
    const button = (name: string) => wrapper.findAll('button').find((b) => b.text() === name)!
    await button('Cancel').trigger('click')
    await settle()
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(api.connections.begin).not.toHaveBeenCalled()

    await wrapper.get('form').trigger('submit')
    await settle()
    await button('Connect anyway').trigger('click')
    await settle()
    expect(api.connections.begin).toHaveBeenCalledTimes(1)
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('asks nothing when the operating system encrypts the secrets', async () => {
    api.connections.begin.mockResolvedValue({ attemptId: 'a1', authorizeUrl: 'https://acme.example.com/admin/oauth/authorize', openedExternally: false })
    const wrapper = mountForm()
    await fill(wrapper, { shop: 'https://acme.example.com', clientId: 'id', secret: 'secret' })
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(api.connections.begin).toHaveBeenCalledTimes(1)
    wrapper.unmount()
  })

  it('shows the main process’s refusal in an alert', async () => {
    api.connections.begin.mockRejectedValue(new StoredeskError({ code: 'bad_request', message: 'That store address could not be reached.' }))
    const wrapper = mountForm()
    await fill(wrapper, { shop: 'https://acme.example.com', clientId: 'id', secret: 'secret' })
    await wrapper.get('form').trigger('submit')
    await settle()
    expect(wrapper.get('[role="alert"]').text()).toContain('That store address could not be reached.')
    wrapper.unmount()
  })
})
