/** The editor's root component. */
export function App() {
  return <div className="app">Morf Studio</div>;
}
