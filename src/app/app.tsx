import { Redirect, Route, Switch } from 'wouter';
import { GetStartPage } from '../features/landing/getstart-page.tsx';

export function App() {
  return (
    <Switch>
      <Route path="/getstart" component={GetStartPage} />
      <Route>
        <Redirect to="/getstart" replace />
      </Route>
    </Switch>
  );
}
