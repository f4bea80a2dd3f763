// What specs import: `const { startServer, launchBrowser, screenshot, HomePage } = require('./lib');`
module.exports = {
  ...require('./server'),
  ...require('./browser'),
  ...require('./pages/home'),
  paths: require('./paths'),
};
