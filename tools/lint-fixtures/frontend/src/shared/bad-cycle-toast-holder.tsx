import type { ToastOptions } from './bad-cycle-toast';

export default function Holder(props: ToastOptions) {
  return props.text;
}
