import { ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ToastHost } from '../shared/ui/toast';
import { router } from './router';
import { store } from './store';
import { theme } from './theme';

export function App() {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <ToastHost />
        <RouterProvider router={router} />
      </ConfigProvider>
    </Provider>
  );
}
