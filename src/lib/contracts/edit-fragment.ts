/** The URL fragment's marker that opens the visual editor: `#cro-edit=<token>` (the tracker looks for it). */
export const EDIT_FRAGMENT = 'cro-edit';
