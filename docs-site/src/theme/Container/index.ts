/** The centred, width-limited column pages put their content in. */
import * as styles from './styles.module.css';

export const containerClass = styles.container;
