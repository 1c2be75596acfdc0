"""`tripoli serve`: host the game over SSH, one real `tripoli` program per connection.

limits: what one player may use, every figure a flag. players: who a key is, their folder, their
visits. authorized_keys: which keys may play, and what their lines' options allow. game: the
program on its own pseudo-terminal. server: the SSH host listening (asyncssh: no protocol code of
ours); host: what its connections share; connection: a key's login; session: a game or a refusal.
openssh: the same with the system's sshd. command: the `tripoli serve` command.
No Textual here: the game runs in its own process, as it does in any terminal.
"""
