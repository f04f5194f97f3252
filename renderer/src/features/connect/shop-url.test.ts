import { describe, expect, it } from 'vitest'
import { checkShopUrl, SHOP_URL_MESSAGES } from './shop-url'

describe('checkShopUrl', () => {
  it.each([
    ['https://acme.example.com', 'https://acme.example.com'],
    ['  https://Acme.Example.com/  ', 'https://acme.example.com'],
    ['acme.example.com', 'https://acme.example.com'],
    ['https://example.com/shops/acme/', 'https://example.com/shops/acme'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://localhost:8080/', 'http://localhost:8080'],
  ])('accepts %j as %s', (input, url) => {
    expect(checkShopUrl(input)).toEqual({ ok: true, url })
  })

  it.each([
    ['', SHOP_URL_MESSAGES.empty],
    ['   ', SHOP_URL_MESSAGES.empty],
    ['http://acme.example.com', SHOP_URL_MESSAGES.insecureHttp],
    ['ftp://acme.example.com', SHOP_URL_MESSAGES.scheme],
    ['javascript://alert(1)', SHOP_URL_MESSAGES.scheme],
    ['https://user:pass@acme.example.com', SHOP_URL_MESSAGES.credentials],
    ['https://acme.example.com/?next=/admin', SHOP_URL_MESSAGES.queryOrFragment],
    ['https://acme.example.com/#top', SHOP_URL_MESSAGES.queryOrFragment],
    ['acme', SHOP_URL_MESSAGES.noDomain],
    ['https://acme/', SHOP_URL_MESSAGES.noDomain],
    ['acme.', SHOP_URL_MESSAGES.noDomain],
    ['https://', SHOP_URL_MESSAGES.invalid],
    ['https://exa mple.com', SHOP_URL_MESSAGES.invalid],
  ])('refuses %j', (input, message) => {
    expect(checkShopUrl(input)).toEqual({ ok: false, message })
  })
})
