import { humanizeOption } from '@carecircle/libs';

/**
 * A phone-native <select> of option values shown with their human labels, with an optional empty
 * first choice. Returned as a plain element so an antd Form.Item can pass it value, onChange and id.
 */
export function optionSelect(options: readonly string[], placeholder?: string) {
  return (
    <select className="native-select">
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {humanizeOption(option)}
        </option>
      ))}
    </select>
  );
}
