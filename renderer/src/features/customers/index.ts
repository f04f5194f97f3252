// What other features use of customers: nothing yet besides their routes (shell/router.ts loads
// the pages by path); the customer page's address is `/customers/<key>`, the key from
// customerKeyOf (data/customers).
export { default as CustomersPage } from './CustomersPage.vue'
export { default as CustomerPage } from './CustomerPage.vue'
