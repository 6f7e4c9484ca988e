// Text put into the HTML of a mail or a page the server writes by hand: every character that HTML
// reads as markup, escaped as a numeric reference.
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
