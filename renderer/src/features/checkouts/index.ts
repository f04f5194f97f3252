// What other features use of abandoned checkouts: the list's query as plain arrays answer it
// (dashboard), and seeded checkouts for their tests.
export { answerCheckoutQuery } from './checkout-query'
export { makeCheckouts } from './checkout-fixtures'
