// Toolbar items that open a dialog: link, image, embedded video.
import type { ToolbarGroup } from './types'

export const mediaToolbar: ToolbarGroup = {
  id: 'media',
  label: 'Links and media',
  items: [
    { id: 'link', label: 'Link', text: 'Link', shortcut: 'Mod-K', isActive: (editor) => editor.isActive('link'), run: ({ openLinkDialog }) => openLinkDialog() },
    { id: 'image', label: 'Image', text: 'Image', run: ({ openImageDialog }) => openImageDialog() },
    { id: 'video', label: 'Embedded video', text: 'Video', run: ({ openVideoDialog }) => openVideoDialog() },
  ],
}
