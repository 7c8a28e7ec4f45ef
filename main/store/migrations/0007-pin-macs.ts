// Each PIN row carries a MAC made with the pepper in the OS keychain (main/staff/pin-book.ts), so a
// hash swapped into the file is found out instead of being taken for a PIN.
export default `
ALTER TABLE pins ADD COLUMN mac TEXT;
`;
