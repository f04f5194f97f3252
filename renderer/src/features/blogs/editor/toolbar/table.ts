// Toolbar items of tables: insert one, and edit rows and columns while inside one.
import type { Editor } from '@tiptap/core'
import type { ToolbarGroup } from './types'

const inTable = (editor: Editor) => editor.isActive('table')

export const tableToolbar: ToolbarGroup = {
  id: 'table',
  label: 'Table',
  items: [
    { id: 'table-insert', label: 'Insert table', text: 'Table', run: ({ editor }) => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    { id: 'table-row-add', label: 'Add row below', text: '+Row', isVisible: inTable, run: ({ editor }) => editor.chain().focus().addRowAfter().run() },
    { id: 'table-column-add', label: 'Add column right', text: '+Col', isVisible: inTable, run: ({ editor }) => editor.chain().focus().addColumnAfter().run() },
    { id: 'table-row-delete', label: 'Delete row', text: '−Row', isVisible: inTable, run: ({ editor }) => editor.chain().focus().deleteRow().run() },
    { id: 'table-column-delete', label: 'Delete column', text: '−Col', isVisible: inTable, run: ({ editor }) => editor.chain().focus().deleteColumn().run() },
    { id: 'table-delete', label: 'Delete table', text: '×Table', isVisible: inTable, run: ({ editor }) => editor.chain().focus().deleteTable().run() },
  ],
}
