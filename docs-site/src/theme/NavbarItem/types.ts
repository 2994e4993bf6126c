/** Props every navbar item component receives besides its own config entry. */
export interface NavbarItemRenderProps {
  /** Rendered inside the mobile sidebar's menu instead of the desktop bar. */
  mobile?: boolean;
  /** Rendered inside a dropdown's list. */
  isDropdownItem?: boolean;
  /** Called after a link is followed (closes the mobile sidebar). */
  onClick?: () => void;
}
