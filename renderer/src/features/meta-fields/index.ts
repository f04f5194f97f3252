// What other features use of meta fields: the panel a record's page shows its meta fields in.
export { default as MetaFieldsPanel } from './MetaFieldsPanel.vue'
