// What specs import: `const { startServer, launchBrowser, screenshot, HomePage, GamePage } = require('./lib');`
module.exports = {
  ...require('./bounded'),
  ...require('./server'),
  ...require('./browser'),
  ...require('./stack'),
  ...require('./sockets'),
  ...require('./clock'),
  ...require('./pages/home'),
  ...require('./pages/lobby'),
  ...require('./pages/game'),
  ...require('./pages/cockpit'),
  ...require('./pages/thunderstruck'),
  paths: require('./paths'),
};
