"""The seat behind the screen: the game session with its seats and bots (session), a seat at a
network table (net), the human's decisions turned into actions (controller), the bots' pace
(pace), the hard bot's search shown as thinking (thinking), ruin warnings before a decision
(ruin) and loss plans for calamities (losses).

May import: the words room, the animation queue's timing (anim), game.core, game.bots,
game.persist and game.net. Never panels, scenes or the app.
"""
