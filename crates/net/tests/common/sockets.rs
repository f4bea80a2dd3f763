//! A device's socket rebuilt, as a browser tab rebuilds it when the
//! signalling server comes back or its network returns: every link it had
//! closes at both ends (each side's transport says so), and the device
//! comes back under a new transport id, linked to nobody until
//! [`Mesh::relink`] (the two meet again through the server).

use duel_net::PeerId;

use super::mesh::Mesh;

impl Mesh {
    /// Device `i`'s socket is dropped and built anew.
    pub fn rebuild_socket(&mut self, i: usize) {
        let old = self.ids[i];
        for j in (0..self.ids.len()).filter(|j| *j != i) {
            self.net.disconnect(old, self.ids[j]);
        }
        let now = self.now;
        let fresh = PeerId(old.0 + 0x2_0000);
        self.ids[i] = fresh;
        let endpoint = self.net.endpoint(fresh);
        let d = self.devices[i].as_mut().expect("live");
        // The old socket's last word: every peer connection closed.
        d.pump(now);
        d.transport = endpoint;
        d.rebind(now, fresh);
    }

    /// Devices `a` and `b` meet again (each transport says so).
    pub fn relink(&mut self, a: usize, b: usize) {
        self.net.connect(self.ids[a], self.ids[b]);
    }
}
